import { createActorContext } from "@xstate/react";
import { type ReactNode, useEffect, useState } from "react";
import { fromPromise } from "xstate";
import { notificationsMachine } from "../../../machines/notifications/notificationsMachine.ts";
import {
  clearNotificationQueue,
  readNotificationQueue,
  writeNotificationQueue,
} from "../../client/notificationQueue.ts";

/** Notifications of the whole app (spec sections 4 and 9); the queue lives in sessionStorage. */
export const NotificationsActor = createActorContext(notificationsMachine);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    notificationsMachine.provide({
      actors: { readQueue: fromPromise(async () => readNotificationQueue()) },
      actions: {
        persistQueue: (_, params) => writeNotificationQueue(params.items),
        clearQueue: () => clearNotificationQueue(),
      },
    }),
  );
  return (
    <NotificationsActor.Provider logic={logic}>
      <QueueFlush />
      {children}
    </NotificationsActor.Provider>
  );
}

/** Shows what a previous page queued (a refusal before a redirect, a notice after a password change). */
function QueueFlush() {
  const notifications = NotificationsActor.useActorRef();
  useEffect(() => notifications.send({ type: "notify.flush" }), [notifications]);
  return null;
}
