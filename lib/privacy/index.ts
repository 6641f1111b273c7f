// lib/privacy: a visitor's own data in their hands (issue 69): everything stored about them as one archive, and its
// deletion.
export { personalArchive } from "./archive";
export { DATA_DELETED_ACTION, type Deletion, deletePersonalData } from "./delete";
export { type PersonalData, personalData } from "./personal-data";
