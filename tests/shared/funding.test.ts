import { describe, expect, it } from 'vitest';
import { paymentReference, paymentReferenceIdPrefix } from '../../src-shared/rules/funding';

const ID = '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f';

describe('payment references', () => {
  it('turn back into the id prefix they came from, however they are typed', () => {
    expect(paymentReference(ID)).toBe('AV-3F2A9C1E');
    for (const typed of ['AV-3F2A9C1E', 'av-3f2a9c1e', ' AV3F2A9C1E ', '3F2A9C1E'])
      expect(paymentReferenceIdPrefix(typed)).toBe('3f2a9c1e');
    expect(paymentReferenceIdPrefix('AV-3F2A')).toBe('3f2a');
  });

  it('leave other searches alone', () => {
    for (const typed of ['AV-', 'AV-3F', '3F2A', 'Amelia', 'AV-3F2A9C1E0', 'AV-ZZZZZZZZ', '12345678x'])
      expect(paymentReferenceIdPrefix(typed)).toBeNull();
  });
});
