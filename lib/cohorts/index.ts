// lib/cohorts: a class's or a lab's tag on its battles (issue 69), and the staff's board per cohort.
export { type CohortBoard, type CohortSummary, cohortBoard, cohortSummaries } from "./board";
export { COHORT_PATTERN, isCohort, parseCohort } from "./client";
