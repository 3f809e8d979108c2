import { Create, SimpleForm, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { errorText } from '../../components/errors';
import { toVenturePayload } from './ventureForm';
import { VentureInputs } from './VentureInputs';
import { imagesPath } from './paths';
import { REPAYMENT_DEFAULTS } from './servicing';

/**
 * Create venture (spec 2.6 and 5). The server answers 'Venture created!' and stores it as a draft,
 * coming-soon, pending review; the app goes on to the new venture's image page. react-admin's
 * SaveButton is disabled while the request runs, so a double click creates one venture.
 */
export const VentureCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={toVenturePayload}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('app.corporate.ventures.created', { type: 'success' });
          redirect(() => imagesPath(data.id));
        },
        onError: (error: unknown) =>
          notify(errorText(error, 'app.corporate.ventures.create_failed'), { type: 'error' }),
      }}
    >
      <SimpleForm
        defaultValues={{ riskLevel: 'medium', isConvertible: false, tags: [], ...REPAYMENT_DEFAULTS }}
      >
        <VentureInputs mode="create" />
      </SimpleForm>
    </Create>
  );
};
