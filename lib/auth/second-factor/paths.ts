/** The sign-in's second step (after the password, when the account has a second factor). */
export const SECOND_FACTOR_PATH = "/login/second-factor";
