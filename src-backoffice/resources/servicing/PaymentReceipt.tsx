import { DialogContentText } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { Figures } from './Figures';

export interface PaymentResultData {
  allocated: { lateInterest: number; interest: number; principal: number };
  serviceFee: number;
  credited: number;
  investors: number;
  loanStatus: string;
}

/** The receipt of a payment or a recovery: the allocation, the fee kept, what the investors got. */
export const PaymentReceipt = ({ result, costs }: { result: PaymentResultData; costs?: number }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const money = (value: number) => formatEuros(value, locale);
  return (
    <>
      <DialogContentText>
        {translate('app.servicing.receipt.text', {
          credited: money(result.credited),
          investors: translate('app.moneyActions.investors', { smart_count: result.investors }),
          status: translate(`app.enums.loanStatus.${result.loanStatus}`, { _: result.loanStatus }),
        })}
      </DialogContentText>
      <Figures
        label={translate('app.servicing.receipt.title')}
        rows={[
          [translate('app.servicing.fields.lateInterest'), money(result.allocated.lateInterest)],
          [translate('app.servicing.fields.interest'), money(result.allocated.interest)],
          [translate('app.servicing.fields.principal'), money(result.allocated.principal)],
          ...(costs !== undefined
            ? ([[translate('app.servicing.fields.costs'), money(costs)]] as [string, string][])
            : []),
          [translate('app.servicing.fields.serviceFee'), money(result.serviceFee)],
          [translate('app.servicing.fields.credited'), money(result.credited)],
          [
            translate('app.servicing.fields.loanStatus'),
            translate(`app.enums.loanStatus.${result.loanStatus}`, { _: result.loanStatus }),
          ],
        ]}
      />
    </>
  );
};
