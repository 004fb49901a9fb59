/** Length of the free trial of a paid plan (spec section 9). */
export const TRIAL_DAYS = 7;
