/**
 * `GET family/children` (Parent): the children whose fees the parent sees, the read every feature
 * shares (lib/school/get-children.ts).
 */
export { useChildren as useChildrenOfParent } from '../../../lib/school/get-children.js';
