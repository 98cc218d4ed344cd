/** Element ids the server writes and the client looks up. */
export const BOOT_DATA_ELEMENT_ID = 'site-data';
export const APP_ROOT_ELEMENT_ID = 'app';
