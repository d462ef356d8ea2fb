/**
 * Passes bought through the public API, for specs about what happens after a purchase (the gate,
 * the console): the same calls the registration page and the sandbox's checkout page make, without
 * loading them. The purchase through the pages themselves is tested in checkout.spec.ts,
 * checkin-scanner.spec.ts and admin-sales.spec.ts.
 */
import type { APIRequestContext } from '@playwright/test';
import type { CheckoutResponse } from '@festival/shared';
import { expect, PHONE, type Person } from './fixtures';

/** The investor category's id in the seed (the registration form's Investor tab sends it). */
const INVESTOR_CATEGORY_ID = 3;

/**
 * Registers `person` as an investor in India, Gujarat, as the Investor tab of /register does;
 * returns their registration's id.
 */
export async function registerInvestorThroughApi(
  request: APIRequestContext,
  person: Person,
): Promise<string> {
  const countries = (await (await request.get('/api/auth/location/country')).json()) as {
    data: { _id: number; CountryName: string }[];
  };
  const india = countries.data.find((country) => country.CountryName === 'India')?._id ?? 0;
  const states = (await (await request.get(`/api/auth/location/statesByCountry/${india}`)).json()) as {
    data: { _id: number; StateName: string }[];
  };
  const registered = await request.post('/api/auth/investor', {
    data: {
      ...person,
      countryCode: '+91',
      contactNo: PHONE,
      City: 'Ahmedabad',
      CountryID: india,
      StateID: states.data.find((state) => state.StateName === 'Gujarat')?._id,
      terms: true,
      participantCategoryId: INVESTOR_CATEGORY_ID,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  return ((await registered.json()) as { data: { _id: string } }).data._id;
}

/**
 * Buys one `ticketTypeId` seat for each of `registrationIds` and pays on the sandbox, as Checkout
 * and the sandbox page's Pay button do: the order is paid and its pass emails are on their way.
 * Returns the order's reference and the key that opens it (the page keeps it in localStorage).
 */
export async function buyThroughApi(
  request: APIRequestContext,
  registrationIds: string[],
  ticketTypeId: number,
): Promise<{ reference: string; key: string }> {
  const checkout = await request.post('/api/auth/payment/checkout', {
    data: { startupIds: registrationIds, selectedTicket: ticketTypeId },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  // Not enveloped, as in the spec.
  const answer = (await checkout.json()) as CheckoutResponse;
  if (answer.checkout.provider !== 'sandbox')
    throw new Error(`not a sandbox order: ${answer.checkout.provider}`);
  // The Pay button answers with a form that posts the signed result to the callback.
  const pay = await request.post(`${answer.checkout.url}/pay`);
  expect(pay.status(), await pay.text()).toBe(200);
  const fields = Object.fromEntries(
    [...(await pay.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name, value]) => [name, value],
    ),
  );
  const callback = await request.post('/api/auth/payment/callback', { form: fields, maxRedirects: 0 });
  expect(callback.status()).toBe(303);
  expect(callback.headers().location).toContain(`/payment-success?reference=${answer.order.reference}`);
  return { reference: answer.order.reference, key: answer.order.key };
}
