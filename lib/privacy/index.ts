// lib/privacy: a visitor's own data in their hands (issue 69): everything stored about them as one archive, and its
// deletion.
export { ACCOUNT_DELETED_ACTION, type AccountData, accountData, deleteAccount } from "./account";
export { type DataSubject, personalArchive } from "./archive";
export { DATA_DELETED_ACTION, type Deletion, deletePersonalData } from "./delete";
export { type PersonalData, personalData } from "./personal-data";
