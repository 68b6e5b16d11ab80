// `disj` in quantifiers and field declarations.
sig Person { friends: set Person }
fact noSelfFriend { no p: Person | p in p.friends }
sig Team { disj leads, members: set Person }

run twoPeople { some disj a, b: Person | b in a.friends } expect 1

// Forbidden by the fact.
run selfFriend { some a: Person | a in a.friends } expect 0

// disj fields: for each team, leads and members are disjoint. Valid.
assert disjointRoles { all t: Team | no t.leads & t.members }
check disjointRoles expect 0

run leadAndMember { some t: Team, p: Person | p in t.leads and p in t.members } expect 0

// Three distinct people fit scope 3 ...
run threeDistinct { some disj a, b, c: Person | a in b.friends } for 3 expect 1

// ... four do not.
run fourDistinct { some disj a, b, c, d: Person | a in b.friends } for 3 expect 0
