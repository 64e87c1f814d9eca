-- Issue 13: a hold order released before its event gives back what it took. Coupon, member and voucher
-- uses can be read back from its tickets and voucher redemptions; loyalty points only from here.
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS loyalty_points_used int NOT NULL DEFAULT 0;
