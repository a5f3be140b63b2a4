import { sessionSlice } from "~/server/infra/session-slice.server";

/** The super-user search form's last values (phone and ABTA), kept for its next visit. */
export const superUserForm = sessionSlice<Record<string, string>>("superUserForm", import.meta.url);
