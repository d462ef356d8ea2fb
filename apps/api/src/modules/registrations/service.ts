/**
 * The registrations module's public face, by use case: signing up (sign-up.ts: the four forms
 * and the confirmation email) and what happens to a registration afterwards (records.ts: the
 * console's list and detail and corrections, the registrant's name correction, erasure; exports.ts:
 * the export's extra columns).
 */
export {
  registerColleague,
  registerInvestor,
  registerStartup,
  registerVisitor,
  sendConfirmation,
  type ConfirmationDeps,
  type RegistrationDeps,
} from './sign-up.js';
export {
  correctName,
  countRegistrationsByCategory,
  erasePersonalData,
  getRegistrationDetail,
  listRegistrations,
  localeOfRegistration,
  openUploadedFile,
  registrationsOfEmail,
  resendPassEmail,
  updateContact,
  uploadDownloadUrl,
} from './records.js';
export { answersOfAttendee, updateAnswers } from './answers.js';
export { exportDetailsOfRegistrations, type RegistrationExportDetails } from './exports.js';
export { registrationForPassHolder, type PassHolder } from './pass-holders.js';
