import { describe, expect, it } from 'vitest';
import { canAccess, roleMatchesApp } from '../../src-backoffice/providers/canAccess';

const ADMIN_RESOURCES = [
  'users',
  'ventures',
  'balances',
  'balance-histories',
  'investments',
  'mails',
  'kyc',
  'tickets',
  'servicing',
  'protection',
  'audit',
  'withdrawals',
  'withdrawal-exports',
  'bank-statement-entries',
];

describe('canAccess (spec section 6)', () => {
  it.each(['admin', 'superadmin'])('%s may list every admin resource', (role) => {
    for (const resource of ADMIN_RESOURCES) {
      expect(canAccess(role, { resource, action: 'list' }), `${role} list ${resource}`).toBe(true);
    }
  });

  it.each([
    ['ventures', 'show', true],
    ['ventures', 'edit', true],
    ['ventures', 'create', false],
    ['balances', 'create', true],
    ['mails', 'show', true],
    ['mails', 'edit', true],
    ['users', 'edit', true],
    ['tickets', 'show', true],
    ['tickets', 'edit', true],
    ['tickets', 'create', false],
    ['investments', 'edit', false],
    // Investor protection: the requests, a person's page and the decision on their pending request.
    ['protection', 'show', true],
    ['protection', 'edit', true],
    ['protection', 'create', false],
    // The audit log: read and export, nothing else (it is append-only).
    ['audit', 'export', true],
    ['audit', 'show', false],
    ['audit', 'edit', false],
    ['audit', 'create', false],
    // Deposits and withdrawals (issue 27): decide (`edit`, bulk too), the payment file (`export`),
    // the files made, the statement upload and the assignment of an unmatched entry.
    ['withdrawals', 'edit', true],
    ['withdrawals', 'export', true],
    ['withdrawals', 'create', false],
    ['withdrawals', 'delete', false],
    ['withdrawal-exports', 'list', true],
    ['withdrawal-exports', 'edit', false],
    ['bank-statements', 'create', true],
    ['bank-statements', 'list', false],
    ['bank-statement-entries', 'edit', true],
    ['bank-statement-entries', 'create', false],
    ['funding', 'show', false],
    ['bank-account', 'edit', false],
    ['users', 'delete', false],
    ['ventures', 'delete', false],
    ['profile', 'show', false],
    ['dashboard', 'list', false],
  ])('admin %s %s -> %s', (resource, action, expected) => {
    expect(canAccess('admin', { resource, action })).toBe(expected);
    expect(canAccess('superadmin', { resource, action })).toBe(expected);
  });

  it('only a superadmin may grant the admin role', () => {
    expect(canAccess('superadmin', { resource: 'users', action: 'grant-admin' })).toBe(true);
    expect(canAccess('admin', { resource: 'users', action: 'grant-admin' })).toBe(false);
    expect(canAccess('corporate', { resource: 'users', action: 'grant-admin' })).toBe(false);
    expect(canAccess('superadmin', { resource: 'ventures', action: 'grant-admin' })).toBe(false);
  });

  it('corporate: its own ventures (list, create, edit, show) and its profile, nothing else', () => {
    for (const action of ['list', 'create', 'edit', 'show']) {
      expect(canAccess('corporate', { resource: 'ventures', action })).toBe(true);
    }
    expect(canAccess('corporate', { resource: 'ventures', action: 'delete' })).toBe(false);
    expect(canAccess('corporate', { resource: 'profile', action: 'show' })).toBe(true);
    expect(canAccess('corporate', { resource: 'profile', action: 'edit' })).toBe(true);
    for (const resource of ADMIN_RESOURCES.filter(
      (r) => r !== 'ventures' && r !== 'tickets' && r !== 'withdrawals',
    )) {
      expect(canAccess('corporate', { resource, action: 'list' }), resource).toBe(false);
    }
  });

  it('corporate: its own support tickets (list, show, create), never a status change', () => {
    for (const action of ['list', 'show', 'create']) {
      expect(canAccess('corporate', { resource: 'tickets', action })).toBe(true);
    }
    expect(canAccess('corporate', { resource: 'tickets', action: 'edit' })).toBe(false);
    expect(canAccess('corporate', { resource: 'tickets', action: 'delete' })).toBe(false);
  });

  it('corporate: its funding page, its bank account and its own withdrawals (request, list, cancel), never a decision', () => {
    expect(canAccess('corporate', { resource: 'funding', action: 'show' })).toBe(true);
    expect(canAccess('corporate', { resource: 'bank-account', action: 'show' })).toBe(true);
    expect(canAccess('corporate', { resource: 'bank-account', action: 'edit' })).toBe(true);
    for (const action of ['list', 'create', 'cancel']) {
      expect(canAccess('corporate', { resource: 'withdrawals', action })).toBe(true);
    }
    for (const action of ['edit', 'export', 'delete']) {
      expect(canAccess('corporate', { resource: 'withdrawals', action })).toBe(false);
    }
    expect(canAccess('corporate', { resource: 'bank-statements', action: 'create' })).toBe(false);
    expect(canAccess('corporate', { resource: 'bank-statement-entries', action: 'edit' })).toBe(false);
    expect(canAccess('corporate', { resource: 'withdrawal-exports', action: 'list' })).toBe(false);
  });

  it.each(['user', 'visitor', '', null, undefined, 'root'])('%s may do nothing', (role) => {
    for (const resource of [...ADMIN_RESOURCES, 'profile', 'funding', 'bank-account', 'bank-statements']) {
      for (const action of ['list', 'show', 'edit', 'create', 'delete', 'grant-admin']) {
        expect(canAccess(role, { resource, action })).toBe(false);
      }
    }
  });

  it('does not treat prototype keys as resources', () => {
    expect(canAccess('admin', { resource: 'constructor', action: 'list' })).toBe(false);
    expect(canAccess('admin', { resource: '__proto__', action: 'list' })).toBe(false);
  });

  it('knows which roles each app admits', () => {
    expect(roleMatchesApp('admin', 'admin')).toBe(true);
    expect(roleMatchesApp('admin', 'superadmin')).toBe(true);
    expect(roleMatchesApp('admin', 'corporate')).toBe(false);
    expect(roleMatchesApp('corporate', 'corporate')).toBe(true);
    expect(roleMatchesApp('corporate', 'admin')).toBe(false);
    expect(roleMatchesApp('corporate', 'user')).toBe(false);
    expect(roleMatchesApp('admin', undefined)).toBe(false);
  });
});
