import { Spinner } from "@radix-ui/themes";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "../actors/CallRunner.tsx";

/** Covers the page while any call is under way (spec section 7), so nothing is sent twice. */
export function BusyOverlay() {
  const { t } = useTranslation();
  const api = useApiClient();
  const pending = useSyncExternalStore(api.onPendingChange, api.pendingCalls);
  if (pending === 0) return null;
  return (
    <div className="busy-overlay">
      <div role="status" className="busy-box">
        <Spinner size="3" />
        <span>{t("processing")}</span>
      </div>
    </div>
  );
}
