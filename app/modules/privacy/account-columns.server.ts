import { user } from "~/db/schema";

/**
 * A sign-in account as it is exported to its owner or for a data-subject request: never the
 * password hash or sessions (those live in other tables and are not personal data to hand over).
 */
export const ACCOUNT_COLUMNS = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  status: user.status,
  createdAt: user.createdAt,
};
