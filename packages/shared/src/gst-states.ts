/**
 * GST facts without zod: the state codes, the GSTIN check and how rates read.
 * Apart from gst.ts's schemas so a page that only shows a rate or lists the states (checkout's
 * GST fields) loads no schema code: a module that builds schemas when loaded is never
 * tree-shaken. Rates are basis points (1800 = 18 %).
 */

/**
 * GST state and union-territory codes (the first two digits of a GSTIN), as the GST portal
 * lists them. 25 (Daman and Diu) merged into 26 in 2020 and 28 is Andhra Pradesh before 2014;
 * neither is offered for new documents. `ut` marks union territories without a legislature,
 * which levy UTGST instead of SGST (UTGST Act 2017 s.7).
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir', ut: false },
  { code: '02', name: 'Himachal Pradesh', ut: false },
  { code: '03', name: 'Punjab', ut: false },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand', ut: false },
  { code: '06', name: 'Haryana', ut: false },
  { code: '07', name: 'Delhi', ut: false },
  { code: '08', name: 'Rajasthan', ut: false },
  { code: '09', name: 'Uttar Pradesh', ut: false },
  { code: '10', name: 'Bihar', ut: false },
  { code: '11', name: 'Sikkim', ut: false },
  { code: '12', name: 'Arunachal Pradesh', ut: false },
  { code: '13', name: 'Nagaland', ut: false },
  { code: '14', name: 'Manipur', ut: false },
  { code: '15', name: 'Mizoram', ut: false },
  { code: '16', name: 'Tripura', ut: false },
  { code: '17', name: 'Meghalaya', ut: false },
  { code: '18', name: 'Assam', ut: false },
  { code: '19', name: 'West Bengal', ut: false },
  { code: '20', name: 'Jharkhand', ut: false },
  { code: '21', name: 'Odisha', ut: false },
  { code: '22', name: 'Chhattisgarh', ut: false },
  { code: '23', name: 'Madhya Pradesh', ut: false },
  { code: '24', name: 'Gujarat', ut: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra', ut: false },
  { code: '29', name: 'Karnataka', ut: false },
  { code: '30', name: 'Goa', ut: false },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala', ut: false },
  { code: '33', name: 'Tamil Nadu', ut: false },
  { code: '34', name: 'Puducherry', ut: false },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana', ut: false },
  { code: '37', name: 'Andhra Pradesh', ut: false },
  { code: '38', name: 'Ladakh', ut: true },
  { code: '97', name: 'Other Territory', ut: true },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]['code'];
/** "Gujarat" for "24"; undefined for a code not in GST_STATES. */
export function gstStateName(code: string): string | undefined {
  return GST_STATES.find((state) => state.code === code)?.name;
}

/** True for a union territory that levies UTGST rather than SGST. */
export function isUnionTerritory(code: string): boolean {
  return GST_STATES.find((state) => state.code === code)?.ut === true;
}

/**
 * A GSTIN's shape (CBIC's GSTIN format): state code (2 digits), the holder's PAN (5 letters,
 * 4 digits, a letter), the registration's number within the PAN (1–9 or A–Z), 'Z', check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters: the published mod-36 Luhn scheme
 * (each character's value 0–35, weights 1 and 2 alternating from the left, each product's
 * base-36 digits summed, the check the complement to the next multiple of 36). Returns
 * undefined for characters outside 0–9 and A–Z. See docs/decisions/009-gstin-check-digit.md.
 */
export function gstinCheckCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < first14.length; i += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    if (value < 0) return undefined;
    const product = value * ((i % 2) + 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is refused, or undefined when its shape, state code and check character are right. */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_PATTERN.test(gstin)) {
    return 'Enter a 15-character GSTIN such as 24AAACG1234A1Z5';
  }
  if (!gstStateName(gstin.slice(0, 2))) return 'The GSTIN does not start with a known state code';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'This GSTIN is not valid: its last character does not match (check for a typing mistake)';
  }
  return undefined;
}

/** "18 %" for 1800. */
export function formatGstRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
}

/** How a price reads: "incl. GST" or "+ GST" (18 %), or "GST exempt" at 0 %. */
export function gstPriceLabel(pricesIncludeGst: boolean, rateBp: number): string {
  if (rateBp === 0) return 'GST exempt';
  return pricesIncludeGst ? `incl. ${formatGstRate(rateBp)} GST` : `+ ${formatGstRate(rateBp)} GST`;
}
