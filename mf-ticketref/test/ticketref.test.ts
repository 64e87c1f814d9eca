import { describe, expect, it } from 'vitest';
import { isEditSuccess, promptParams } from '../src/api';
import { historyDefaults } from '../src/SalesHistory';

describe('ticket reference admin helpers', () => {
  it('history defaults: detail level 1, one month back to today, date type 2', () => {
    expect(historyDefaults('2026-03-15')).toEqual({ detailLevel: 1, startDate: '2026-02-13', endDate: '2026-03-15', dateType: 2 });
  });
  it('an edit is a success only on HTTP 200', () => {
    expect(isEditSuccess(200)).toBe(true);
    expect(isEditSuccess(201)).toBe(false);
    expect(isEditSuccess(204)).toBe(false);
    expect(isEditSuccess(undefined)).toBe(false);
  });
  it('sends a prompt\'s identifying parameters with empty values for nulls', () => {
    expect(promptParams({ CustomerId: 9001, TicketId: 7, FeatureId: null, PricePolicyId: 3, PresentationId: null, FeatureCategoryId: 10,
      PromptId: 1, Prompt: 'p', TicketName: 't', FeatureName: null, PresentationDateTime: null, Options: 1, Allotted: 1, Redeemed: 0 }, [1, 2]))
      .toEqual({ ticketId: 7, pricePolicyId: 3, featureId: '', presentationId: '', featureCategoryId: 10, businessIds: '1,2' });
  });
});
