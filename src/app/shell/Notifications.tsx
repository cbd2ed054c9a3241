import { useTranslation } from "react-i18next";
import { NotificationsActor } from "../actors/NotificationsActor.tsx";

/**
 * Notifications at the top centre (spec section 9). An error reads its code, then its message on a
 * new line; each disappears after its timeout or when dismissed.
 */
export function Notifications() {
  const { t } = useTranslation("shell");
  const items = NotificationsActor.useSelector((snapshot) => snapshot.context.items);
  const notifications = NotificationsActor.useActorRef();
  return (
    <section aria-label={t("notifications")} aria-live="polite" className="notifications">
      {items.map((item) => (
        <div key={item.id} className={`notification notification-${item.colour}`}>
          <p className="notification-text">{item.text}</p>
          <button
            type="button"
            className="notification-dismiss"
            onClick={() => notifications.send({ type: "notify.dismiss", id: item.id })}
          >
            {t("dismiss")}
          </button>
        </div>
      ))}
    </section>
  );
}
