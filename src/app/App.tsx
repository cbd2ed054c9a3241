import { Theme } from "@radix-ui/themes";
import { Router } from "wouter";
import { AppActors } from "./actors/AppActors.tsx";
import { apiClient } from "./apiClient.ts";
import { BASE } from "./navigation.ts";
import { AppRoutes } from "./routes.tsx";
import { ConfirmDialogHost } from "./shell/ConfirmDialogHost.tsx";
import { Notifications } from "./shell/Notifications.tsx";

/** The console: theme (primary colour light blue, spec section 9), router under /v3, actors, routes. */
export function App() {
  return (
    <Theme accentColor="sky" grayColor="slate" radius="medium">
      <Router base={BASE}>
        <AppActors api={apiClient}>
          <AppRoutes />
          <Notifications />
          <ConfirmDialogHost />
        </AppActors>
      </Router>
    </Theme>
  );
}
