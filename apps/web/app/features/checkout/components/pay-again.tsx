/**
 * The payment pages' "Pay again" for an unpaid order this browser bought (it holds the order's
 * buyer key): one button, then the provider's payment, and the server's reason when it refuses
 * (sold out, sales ended, the voucher no longer valid, already paid).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { payAgain } from '../api/pay-again';
import { usePayAgain } from '../hooks/use-pay-again';

export function PayAgain({ reference, orderKey }: { reference: string; orderKey: string | undefined }) {
  const { t } = useLingui();
  const pay = usePayAgain((ref) => payAgain(ref, orderKey));
  return (
    <div className="mt-6 grid justify-items-center gap-3">
      <Button
        pending={pay.isPending || pay.redirecting}
        pendingLabel={t`Opening payment…`}
        onClick={() => pay.mutate(reference)}
      >
        <Trans>Pay again</Trans>
      </Button>
      <FormAlert>{pay.error?.message}</FormAlert>
    </div>
  );
}
