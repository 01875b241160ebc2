import { useSetMeSwitch } from './me-switches';

/** PUT /me/response-times (issue 52): share the pipeline's dates in investors' response times, or not. */
export const useSetShareResponseTimes = () => useSetMeSwitch('/me/response-times');
