export * from './enums';
export * from './users';
export * from './ventures';
export * from './ledger';
export * from './investments';
export * from './mails';
export * from './kyc';
export * from './tickets';
