import "@radix-ui/themes/styles.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { detectLang, initI18n } from "./i18n/i18n.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The language's texts are a chunk of their own: render once they are here, so no text flashes.
initI18n(detectLang(navigator.language)).then(
  () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  () => {
    // Without texts there is no console to show; say so in both languages instead of a blank page.
    container.textContent =
      "画面を読み込めませんでした。再読み込みしてください。 / The console could not be loaded. Please reload the page.";
  },
);
