import { useSearchParams } from 'react-router';
import {
  classScheduleQueryOptions,
  scheduleClassesQueryOptions,
} from '../../../features/school/api/get-schedule.js';
import { timeSlotsQueryOptions } from '../../../features/school/api/get-time-slots.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { ScheduleSummaryScreen } from '../../../features/school/components/ScheduleScreens.js';
import { parseId } from '../../../features/school/lib/format.js';

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
