/** The school's clock for the web app: the one formatter in src/shared/school-time.ts. */
export { formatDayTime, formatTime, formatWhen, longDate, examTimeInWords, todayInZone } from '../../shared/school-time.js';
