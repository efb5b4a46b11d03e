import { escapeHtml } from './dev-html';

/** The roles of the development chat community, to map with `PUT /v1/role-mappings`. */
export const DEV_CHAT_ROLES = [
  { id: '1100000000000000001', name: 'Whitelisted' },
  { id: '1100000000000000002', name: 'Staff' },
  { id: '1100000000000000003', name: 'Moderator chief' },
  { id: '1100000000000000004', name: 'Administrator' },
] as const;

/** What the member endpoint answers about a person, as they chose it on the sign-in page. */
export type DevMembership = { member: false } | { member: true; roleIds: string[]; pending: boolean };

/** Absent fields (a form made by hand or by an older test) keep the person a member without roles. */
export function chosenMembership(form: Record<string, unknown>): DevMembership {
  if (form.membership === 'none') return { member: false };
  const chosen = new Set([form.role ?? []].flat());
  const roleIds = DEV_CHAT_ROLES.filter((role) => chosen.has(role.id)).map((role) => role.id);
  return { member: true, roleIds, pending: form.membership === 'pending' };
}

/** `mfa_enabled` for the profile; absent unless the page said. */
export function chosenMfa(form: Record<string, unknown>): { mfa_enabled?: boolean } {
  return form.mfa_enabled === 'true' || form.mfa_enabled === 'false' ? { mfa_enabled: form.mfa_enabled === 'true' } : {};
}

/** The member endpoint's answer, in the real provider's shape (decisions §15). */
export function memberAnswer(userId: string, membership: DevMembership | undefined): { status: number; body: Record<string, unknown> } {
  if (!membership || !membership.member) return { status: 404, body: { message: 'Unknown Member', code: 10007 } };
  return { status: 200, body: { user: { id: userId }, roles: membership.roleIds, pending: membership.pending } };
}

/** The sign-in page's part about the community: membership, roles and the second factor. */
export function communityFieldset(): string {
  const roles = DEV_CHAT_ROLES.map(
    (role) => `<label class="choice"><input type="checkbox" name="role" value="${role.id}"> ${escapeHtml(role.name)} <span class="note">(role id ${role.id})</span></label>`,
  ).join('\n');
  return `<fieldset><legend>Membership of the community</legend>
<p class="note">What the chat provider’s member endpoint will say about the identity you pick below. Map the roles to permissions with PUT /v1/role-mappings.</p>
<label class="choice"><input type="radio" name="membership" value="member" checked> A member</label>
<label class="choice"><input type="radio" name="membership" value="pending"> A member still in membership screening</label>
<label class="choice"><input type="radio" name="membership" value="none"> Not a member (left, or never joined)</label>
</fieldset>
<fieldset><legend>Roles held</legend>
${roles}
</fieldset>
<fieldset><legend>Second factor</legend>
<label class="choice"><input type="radio" name="mfa_enabled" value="true" checked> Two-factor authentication on</label>
<label class="choice"><input type="radio" name="mfa_enabled" value="false"> Off</label>
</fieldset>`;
}
