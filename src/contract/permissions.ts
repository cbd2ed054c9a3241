import { z } from "zod";
import { defineCall } from "./call.ts";
import { PERMISSIONS } from "./codes.ts";

export const screenPermissionSchema = z.object({ screenId: z.string(), permission: z.enum(PERMISSIONS) });
export type ScreenPermission = z.infer<typeof screenPermissionSchema>;

/** Spec section 7: permissions of the signed-in operator's role for the given screen IDs. */
export const screenPermissionList = defineCall({
  name: "screenPermissionList",
  method: "POST",
  path: "/api/v3/screen/screenPermissionList",
  access: { kind: "session" },
  request: z.object({ screenIds: z.array(z.string().min(1).max(100)).min(1).max(200) }).strict(),
  response: z.object({ screenPermissions: z.array(screenPermissionSchema) }),
});
