// Radix Themes by part instead of styles.css: its tokens carry all 31 palettes, the console uses the
// accent (sky), the greys (slate; gray outside the theme, the body) and the status colours.
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/tokens/colors/gray.css";
import "@radix-ui/themes/tokens/colors/slate.css";
import "@radix-ui/themes/tokens/colors/sky.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/orange.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/blue.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { installHistoryGuard } from "./historyGuard.ts";
import { detectLang, initI18n } from "./i18n/i18n.ts";
import { currentPath } from "./navigation.ts";
import { preloadRoute } from "./routeChunks.ts";

/** How long the first render waits for the page's chunks; a slower network sees their loading state. */
const FIRST_CHUNKS_WAIT_MS = 1000;

const firstChunks = (): Promise<void> =>
  Promise.race([
    preloadRoute(currentPath()),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_CHUNKS_WAIT_MS)),
  ]);

// Before the router subscribes to popstate: a screen's guard must see Back before the router does.
installHistoryGuard();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The language's texts are a chunk of their own: render once they are here, so no text flashes; and
// once the page's screen is, so a reload shows it at once (lazyScreen.tsx: the reveal throttle).
initI18n(detectLang(navigator.language)).then(
  () =>
    firstChunks().then(() =>
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  () => {
    // Without texts there is no console to show; say so in both languages instead of a blank page.
    container.textContent =
      "画面を読み込めませんでした。再読み込みしてください。 / The console could not be loaded. Please reload the page.";
  },
);
