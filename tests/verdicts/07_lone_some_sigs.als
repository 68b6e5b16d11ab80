// `lone sig` and `some sig` multiplicities.
lone sig Config {}
some sig Server {}
sig Client { server: one Server }

assert atMostOneConfig { lone Config }
check atMostOneConfig expect 0

assert serverExists { some Server }
check serverExists expect 0

// `lone` allows zero.
run noConfig { no Config } expect 1

// ... but never two.
run twoConfigs { #Config = 2 } expect 0

// Clients may share a server: two clients, one server.
run shared { #Client = 2 and #Server = 1 } expect 1
