import { Box, Typography } from '@mui/material';
import { BooleanField, EmailField, TextField, useRecordContext } from 'react-admin';
import type { AdminUser } from '../../../../src-shared/contracts/users';
import { paymentReference } from '../../../../src-shared/rules/funding';
import { DateText } from '../../../components/DateText';
import { EnumField } from '../../../components/EnumField';
import { MoneyField } from '../../../components/MoneyField';
import { Item } from './Item';

const CORPORATE_FIELDS = ['companyName', 'legalForm', 'registrationNumber'] as const;

/** The person's stated data and account state (GET /api/users/{id}). */
export const UserProfile = (_props: { label?: false }) => {
  const record = useRecordContext<AdminUser>();
  if (!record) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        '& > *': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      <Item label="resources.users.fields.name">
        <TextField source="firstName" /> <TextField source="lastName" />
      </Item>
      <Item source="email">
        <EmailField source="email" />
      </Item>
      <Item source="phone">
        <TextField source="phone" emptyText="-" />
      </Item>
      <Item source="countryName">
        <TextField source="countryName" emptyText="-" />
      </Item>
      <Item source="city">
        <TextField source="city" emptyText="-" />
      </Item>
      <Item source="address">
        <TextField source="address" emptyText="-" />
      </Item>
      <Item source="role">
        <EnumField source="role" enumName="role" />
      </Item>
      <Item source="isActive">
        <BooleanField source="isActive" />
      </Item>
      <Item source="emailVerified">
        <BooleanField source="emailVerified" />
      </Item>
      {record.role === 'corporate'
        ? CORPORATE_FIELDS.map((field) => (
            <Item key={field} source={field}>
              <TextField source={field} emptyText="-" />
            </Item>
          ))
        : null}
      <Item source="createdAt">
        <DateText source="createdAt" showTime />
      </Item>
      <Item source="lastLoginAt">
        <DateText source="lastLoginAt" showTime />
      </Item>
      <Item source="balance">
        <MoneyField source="balance" />
      </Item>
      {record.role === 'user' || record.role === 'corporate' ? (
        // The reference the person's bank transfers carry (their funding page shows the same one).
        <Item label="app.users.payment_reference">
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {paymentReference(String(record.id))}
          </Typography>
        </Item>
      ) : null}
    </Box>
  );
};
