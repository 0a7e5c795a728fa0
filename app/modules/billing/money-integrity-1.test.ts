// Part 1 of the money-integrity property test (money-integrity.property.ts has the sequences
// and the invariants; MONEY_SEED=<seed> npx vitest run <this file> repeats a printed failure).
import { moneyIntegrity } from "./money-integrity.property";

moneyIntegrity(1);
