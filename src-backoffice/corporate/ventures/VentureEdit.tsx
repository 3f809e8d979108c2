import {
  Edit,
  ListButton,
  ShowButton,
  SimpleForm,
  TopToolbar,
  useNotify,
  useRedirect,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { errorText } from '../../components/errors';
import { toVenturePayload } from './ventureForm';
import { VentureInputs } from './VentureInputs';
import { ownVentureLoad } from './VentureLoadError';

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ShowButton />
  </TopToolbar>
);

/** Edit venture details (spec 2.6 and 5): only changed writable fields are sent. */
export const VentureEdit = ({ id }: { id?: Identifier }) => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      id={id}
      actions={<Actions />}
      mutationMode="pessimistic"
      transform={toVenturePayload}
      {...ownVentureLoad}
      queryOptions={{ ...ownVentureLoad.queryOptions, meta: { proposed: true } }}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('app.notification.updated', { type: 'success' });
          redirect('show', 'ventures', data.id, data);
        },
        onError: (error: unknown) =>
          notify(errorText(error, 'app.corporate.ventures.save_failed'), { type: 'error' }),
      }}
    >
      <SimpleForm>
        <VentureInputs mode="edit" />
      </SimpleForm>
    </Edit>
  );
};
