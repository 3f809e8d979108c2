import { PaymentDialog } from '../../servicing/PaymentDialog';
import type { MoneyDialogProps } from './MoneyDialog';

/**
 * Record a repayment on a funded venture's page: the loan's payment dialog (servicing/PaymentDialog:
 * amount and note, what it settles of the schedule, the receipt of its allocation). The per-investor
 * preview is gone: the investors' credits now depend on the allocation and the service fee, which
 * the receipt states. `idempotencyKey` is new at each opening.
 */
export const RepaymentDialog = ({
  idempotencyKey,
  record,
  open,
  onClose,
}: MoneyDialogProps & { idempotencyKey: string }) => (
  <PaymentDialog
    ventureId={record.id}
    title={record.title ?? ''}
    open={open}
    onClose={onClose}
    idempotencyKey={idempotencyKey}
  />
);
