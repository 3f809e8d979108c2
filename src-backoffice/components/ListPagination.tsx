import { Pagination } from 'react-admin';

/** Page sizes of every back-office list (the API clamps `limit` to 1..100). */
export const ListPagination = () => <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />;
