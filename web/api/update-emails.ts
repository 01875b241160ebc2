import { useSetMeSwitch } from './me-switches';

/** PUT /me/update-emails: turns the weekly summary of updates to bought contacts on or off. */
export const useSetUpdateEmails = () => useSetMeSwitch('/me/update-emails');
