/** The school's clock for the web app: the one formatter in src/shared/school-time.ts. */
export {
  examTimeInWords,
  formatDayTime,
  formatTime,
  formatWhen,
  longDate,
  todayInZone,
} from '../../shared/school-time.js';
