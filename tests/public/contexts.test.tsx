import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../src-public/auth/session/AuthProvider';
import { useBalance } from '../../src-public/auth/session/BalanceProvider';

function AuthConsumer() {
  useAuth();
  return null;
}

function BalanceConsumer() {
  useBalance();
  return null;
}

describe('context hooks outside their providers', () => {
  // React logs the thrown error; keep the test output readable.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => consoleError.mockClear());

  it('useAuth throws the exact spec message', () => {
    expect(() => render(<AuthConsumer />)).toThrow(new Error('useAuth must be inside AuthProvider'));
  });

  it('useBalance throws the exact spec message', () => {
    expect(() => render(<BalanceConsumer />)).toThrow(
      new Error('useBalance must be used inside BalanceProvider'),
    );
  });
});
