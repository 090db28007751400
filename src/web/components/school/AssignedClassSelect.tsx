import { useI18n } from '../../lib/i18n.js';
import { useAssignedClasses } from '../../lib/school/get-assigned-classes.js';
import { SchoolSelect } from './SchoolField.js';

export interface AssignedClassSelectProps {
  id: string;
  value: number | undefined;
  /** The chosen class's id, or undefined when the placeholder is chosen again. */
  onChange: (classId: number | undefined) => void;
}

/** The choice of one of the caller's classes (`GET teacher/assign_class`; every class for a principal). */
export function AssignedClassSelect({ id, value, onChange }: AssignedClassSelectProps) {
  const { t } = useI18n();
  const classes = useAssignedClasses();
  return (
    <SchoolSelect
      id={id}
      label={t('navigation.school.class')}
      placeholder={t('navigation.school.chooseClass')}
      value={value}
      onChange={(chosen) => onChange(chosen === '' ? undefined : Number(chosen))}
      options={classes.data?.map((row) => ({ id: row.classId, label: row.className }))}
    />
  );
}
