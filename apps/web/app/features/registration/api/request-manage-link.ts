import { apiRequest } from '~/lib/api-client';

/**
 * Emails a "Manage my registration" sign-in link (`POST self-service/link`); resolves to the
 * server's message, the same whether or not the email is registered.
 */
export async function requestManageLink(email: string): Promise<string> {
  const { message } = await apiRequest<null>('/self-service/link', { method: 'POST', body: { email } });
  return message;
}
