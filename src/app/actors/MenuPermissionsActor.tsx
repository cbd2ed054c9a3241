import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { menuPermissionsMachine } from "../../../machines/menu/menuPermissionsMachine.ts";
import { screenPermissionList } from "../../contract/permissions.ts";
import { useRunCall } from "./CallRunner.tsx";

/** The signed-in operator's permission per menu screen (spec sections 2 and 6). */
export const MenuPermissionsActor = createActorContext(menuPermissionsMachine);

export function MenuPermissionsProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    menuPermissionsMachine.provide({
      actors: {
        loadPermissions: fromPromise(({ input }: { input: { screenIds: string[] } }) =>
          run(screenPermissionList, { screenIds: input.screenIds }),
        ),
      },
    }),
  );
  return <MenuPermissionsActor.Provider logic={logic}>{children}</MenuPermissionsActor.Provider>;
}
