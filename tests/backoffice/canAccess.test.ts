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
    for (const resource of ADMIN_RESOURCES.filter((r) => r !== 'ventures' && r !== 'tickets')) {
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

  it.each(['user', 'visitor', '', null, undefined, 'root'])('%s may do nothing', (role) => {
    for (const resource of [...ADMIN_RESOURCES, 'profile']) {
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
