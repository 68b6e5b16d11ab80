// An abstract sig with `one sig` children.
abstract sig Color {}
one sig Red, Green, Blue extends Color {}
sig Item { color: one Color }

// Abstract Color is exactly the union of its three one-sig children,
// which are distinct atoms. Valid.
assert threeColors { #Color = 3 and Color = Red + Green + Blue }
check threeColors expect 0

assert distinct { no Red & Green and no Green & Blue and no Red & Blue }
check distinct expect 0

// Three items, one per colour.
run allColorsUsed { Item.color = Color } for 3 expect 1

// Four items with pairwise distinct colours need four colours; there are 3.
run fourDistinct { #Item = 4 and (all disj i, j: Item | i.color != j.color) } for 4 expect 0
