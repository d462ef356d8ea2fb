/**
 * A GSTIN names its state: its first two digits are the state's GST code (CBIC's GSTIN format).
 * The buyer's GST forms (checkout's and the console's) let a valid GSTIN choose the state.
 */
import { gstinProblem, gstStateName, type GstStateCode } from '@festival/shared';
import { useEffect, useEffectEvent } from 'react';

/** The GSTIN typed so far when it is a valid one (upper-cased), for the price quote. */
export function validGstin(value: string): string | undefined {
  const gstin = value.trim().toUpperCase();
  return gstin && !gstinProblem(gstin) ? gstin : undefined;
}

/**
 * Calls `follow` with the state code of `typed` each time it becomes a valid GSTIN of a known
 * state; nothing while it is incomplete or invalid, so a state picked by hand stays until then.
 */
export function useStateFollowsGstin(typed: string | undefined, follow: (code: GstStateCode) => void) {
  const onValid = useEffectEvent(follow);
  const gstin = validGstin(typed ?? '');
  useEffect(() => {
    const code = gstin?.slice(0, 2);
    if (code === undefined || gstStateName(code) === undefined) return;
    onValid(code as GstStateCode);
  }, [gstin]);
}
