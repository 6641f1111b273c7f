import { ratingsError } from "./errors";
// FastChat's rating scale and the fit's fixed penalties.
export const SCALE = 400;
export const BASE = 10;
export const INIT_RATING = 1000;
/** FastChat's fit_contextual_bt: reg = 0.5, i.e. a penalty of 0.25·‖θ‖² on ratings and style coefficients */
export const STYLE_L2 = 0.5;
/** Keeps ratings finite when some model never lost or never won (the maximum-likelihood estimate is infinite). */
export const FINITE_RIDGE = 1e-3;

export class NoBattlesError extends ratingsError("not_found", "no_battles") {}
