import { useListContext, useRecordContext } from 'react-admin';

/** The row's number across pages (the numbered tables of spec 2.7). */
export const RowNumberField = (_props: { label?: string }) => {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  if (!record || !data) return null;
  const index = data.findIndex((row) => row.id === record.id);
  return <span>{index < 0 ? '' : (page - 1) * perPage + index + 1}</span>;
};
