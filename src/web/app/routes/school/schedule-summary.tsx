import { useSearchParams } from 'react-router';
import {
  classScheduleQueryOptions,
  scheduleClassesQueryOptions,
} from '../../../features/timetable/api/get-schedule.js';
import { ScheduleSummaryScreen } from '../../../features/timetable/components/ScheduleScreens.js';
import { parseId } from '../../../lib/school/format.js';
import { timeSlotsQueryOptions } from '../../../lib/school/get-time-slots.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const classId = parseId(new URL(request.url).searchParams.get('classId'));
  return [
    queryClient.ensureQueryData(scheduleClassesQueryOptions()),
    ...(classId === undefined
      ? []
      : [
          queryClient.ensureQueryData(timeSlotsQueryOptions()),
          queryClient.ensureQueryData(classScheduleQueryOptions(classId)),
        ]),
  ];
});

/**
 * Schedule-summary (docs/contract/product.md#school-screens, docs/contract/fixes-and-gaps.md#fix-12): the
 * weekly class schedule of `?classId=N`.
 */
export default function ScheduleSummaryRoute() {
  const [params] = useSearchParams();
  return <ScheduleSummaryScreen classId={parseId(params.get('classId'))} />;
}
