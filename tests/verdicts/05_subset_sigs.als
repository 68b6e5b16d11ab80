// Subset sigs (`in`) are arbitrary subsets of their parents and may overlap.
sig Person {}
sig Employee in Person {}
sig Manager in Employee {}
sig Student in Person {}

// Subset of a subset. Valid.
assert managersArePeople { Manager in Person }
check managersArePeople expect 0

// One person who is both an employee and a student.
run workingStudent { some Employee & Student } expect 1

// Nothing relates managers to students: one manager, no students.
assert managersStudy { Manager in Student }
check managersStudy expect 1

// A subset is never larger than its superset.
run biggerSubset { #Manager > #Employee } expect 0
