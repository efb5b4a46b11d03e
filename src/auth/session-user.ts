/** The caller of a request, as the session guard found it. */
export interface SessionUser {
  id: string;
  permissions: number;
}
