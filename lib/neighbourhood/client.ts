// lib/neighbourhood for the browser: the answer's shape only.
export type { NeighbourBattle, NeighbourhoodModel, NeighbourhoodResult } from "./query";
