import * as zm from 'zod/mini';
import { lazy } from './lazy';

/** The signed-in customer as every customer call answers it (the host's customer menu reads it). zod/mini: see formats.ts. */

export const Member = lazy(() => zm.object({
  name: zm.string(),
  additionalName: zm.nullable(zm.string()),
  memberCustomerName: zm.string(),
  membershipId: zm.int(),
  membershipTypeId: zm.int(),
  /** Member tickets left. */
  balance: zm.int(),
  pointsBalance: zm.int(),
  memberNumber: zm.string(),
  customerId: zm.int(),
  membershipIdentifier: zm.string(),
  usedBalance: zm.int(),
  startDate: zm.string(),
  endDate: zm.string(),
  isAvailable: zm.boolean(),
  isExpired: zm.boolean(),
  isNotStarted: zm.boolean(),
  isLoyaltyPointsRedemption: zm.boolean(),
  allowMemberSaleTickets: zm.boolean(),
}));
export type Member = zm.infer<typeof Member>;

export const CustomerInfo = lazy(() => zm.object({
  CustomerId: zm.int(),
  FirstName: zm.string(),
  LastName: zm.string(),
  SSN: zm.nullable(zm.string()),
  EmailAddress1: zm.nullable(zm.string()),
  MobileNumber1: zm.string(),
  PhoneNumber1: zm.nullable(zm.string()),
  Address1: zm.nullable(zm.string()),
  Address2: zm.nullable(zm.string()),
  City: zm.nullable(zm.string()),
  PostalCode: zm.nullable(zm.string()),
  DateOfBirth: zm.nullable(zm.string()),
  IsSMSAllowed: zm.boolean(),
  IsEmailAllowed: zm.boolean(),
  IsMailingAllowed: zm.boolean(),
  LoyaltyPoints: zm.int(),
  Members: zm.array(Member),
  hasActiveMembership: zm.boolean(),
}));
export type CustomerInfo = zm.infer<typeof CustomerInfo>;

export const CustomerInfoResponse = lazy(() => zm.object({ customerInfo: CustomerInfo }));
export type CustomerInfoResponse = zm.infer<typeof CustomerInfoResponse>;
