export * from './constants.js';
export * from './validation.js';
export * from './registration.js';
export * from './api.js';
export * from './checkout.js';
export * from './content.js';
export * from './input.js';
export * from './admin.js';
