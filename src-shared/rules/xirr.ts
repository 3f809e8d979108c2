/**
 * XIRR: the annual rate r at which the cash flows' net present value is zero,
 *
 *   Σ amount_i / (1 + r)^((date_i − date_0) / 365) = 0,
 *
 * as a spreadsheet's XIRR computes it (365-day years counted from the earliest flow). The investor
 * dashboard's net annual return (contract, "Dashboards") is this rate over the investor's flows:
 * investments negative, refunds and repayments positive, outstanding principal valued at today.
 *
 * Pure and exact enough for display: Newton's method from 10 %, and when it fails (a flat slope, a
 * step below −100 %, no convergence) a bisection over a bracket where the value changes sign.
 */

export interface CashFlow {
  /** When the money moved (a `Date`, or an ISO date or timestamp). */
  date: Date | string;
  /** Euros (or any unit): money paid out negative, money received positive. */
  amount: number;
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;
/** Newton stops when a step is smaller than this (and the value is near zero). */
const TOLERANCE = 1e-10;
const MAX_NEWTON = 100;
const MAX_BISECTION = 300;
/** The lowest rate tried: just above −100 % (where the present value is undefined). */
const LOWEST = -1 + 1e-9;
/** The highest rate a bracket is searched up to (10^9, i.e. 100,000,000,000 %). */
const HIGHEST = 1e9;

interface Flow {
  years: number;
  amount: number;
}

function npv(flows: readonly Flow[], rate: number): number {
  let sum = 0;
  for (const f of flows) sum += f.amount / Math.pow(1 + rate, f.years);
  return sum;
}

function slope(flows: readonly Flow[], rate: number): number {
  let sum = 0;
  for (const f of flows) sum -= (f.years * f.amount) / Math.pow(1 + rate, f.years + 1);
  return sum;
}

/** The value's scale, to judge "near zero" relative to the amounts involved. */
function scale(flows: readonly Flow[]): number {
  return flows.reduce((max, f) => Math.max(max, Math.abs(f.amount)), 0);
}

function newton(flows: readonly Flow[], guess: number): number | null {
  const size = scale(flows);
  let rate = guess;
  for (let i = 0; i < MAX_NEWTON; i++) {
    const value = npv(flows, rate);
    const derivative = slope(flows, rate);
    if (!Number.isFinite(value) || !Number.isFinite(derivative) || derivative === 0) return null;
    const next = rate - value / derivative;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < TOLERANCE * Math.max(1, Math.abs(rate))) {
      return Math.abs(npv(flows, next)) <= 1e-7 * size ? next : null;
    }
    rate = next;
  }
  return null;
}

/**
 * Bisection over the first sign change found on a grid from just above −100 % upwards (a finer
 * grid near −100 %, where the value moves fastest), or null when the value never changes sign.
 */
function bisection(flows: readonly Flow[]): number | null {
  const grid: number[] = [LOWEST, -0.999999, -0.99999, -0.9999, -0.999, -0.99];
  for (let r = -0.95; r < 1; r += 0.05) grid.push(r);
  for (let r = 1; r <= HIGHEST; r *= 2) grid.push(r);
  let lo = grid[0]!;
  let fLo = npv(flows, lo);
  for (const hi of grid.slice(1)) {
    const fHi = npv(flows, hi);
    if (fLo === 0 && Number.isFinite(fLo)) return lo;
    if (Number.isFinite(fLo) && Number.isFinite(fHi) && Math.sign(fLo) !== Math.sign(fHi)) {
      let a = lo;
      let b = hi;
      let fa = fLo;
      for (let i = 0; i < MAX_BISECTION && b - a > TOLERANCE * Math.max(1, Math.abs(a)); i++) {
        const mid = (a + b) / 2;
        const fMid = npv(flows, mid);
        if (fMid === 0) return mid;
        if (Math.sign(fMid) === Math.sign(fa)) {
          a = mid;
          fa = fMid;
        } else {
          b = mid;
        }
      }
      return (a + b) / 2;
    }
    lo = hi;
    fLo = fHi;
  }
  return null;
}

/**
 * The XIRR of `flows` as a fraction (0.1 is 10 % a year), or null when there is no answer: fewer
 * than one flow of each sign, all flows on one day, an unreadable date or amount, or no rate found.
 * The order of the flows does not matter; zero amounts are left out.
 */
export function xirr(flows: readonly CashFlow[], guess = 0.1): number | null {
  const dated: { time: number; amount: number }[] = [];
  for (const flow of flows) {
    const time = (flow.date instanceof Date ? flow.date : new Date(flow.date)).getTime();
    if (!Number.isFinite(time) || !Number.isFinite(flow.amount)) return null;
    if (flow.amount !== 0) dated.push({ time, amount: flow.amount });
  }
  if (!dated.some((f) => f.amount > 0) || !dated.some((f) => f.amount < 0)) return null;
  const start = Math.min(...dated.map((f) => f.time));
  const prepared: Flow[] = dated.map((f) => ({
    years: (f.time - start) / DAY_MS / YEAR_DAYS,
    amount: f.amount,
  }));
  if (prepared.every((f) => f.years === 0)) return null;
  const rate = newton(prepared, guess) ?? bisection(prepared);
  return rate === null || !Number.isFinite(rate) ? null : rate;
}
